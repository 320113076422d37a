// PLACEHOLDER — replaced by the generic list work before commit.
export interface ListPageProps {
  listId: number;
  basePath: string;
  shell: 're' | 'iru' | 'admin';
  /** Conditions always applied (a relation list under a form: the parent's id). */
  fixedWhere?: [string, string, unknown][];
  /** Shown inside another page (no address sync, no page title). */
  embedded?: boolean;
}
export default function ListPage(props: ListPageProps) {
  return <p>list {props.listId}</p>;
}
