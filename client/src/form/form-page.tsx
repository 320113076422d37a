// PLACEHOLDER — replaced by the generic form work before commit.
export interface FormPageProps { formId?: number; listId?: number; mode: 'view' | 'edit' | 'create'; dataId?: string; basePath: string; shell: 're' | 'iru' | 'admin' }
export default function FormPage(props: FormPageProps) {
  return <p>form {props.formId ?? props.listId} {props.mode} {props.dataId}</p>;
}
