// The two kinds of thread (help desk questions and queries) as data: which modules an RE or IRU
// user reads and writes, and where the thread's attachments live. One thread screen serves both.

export type ThreadKindName = 'helpdesk' | 'query';

export interface ThreadKind {
  name: ThreadKindName;
  /** The thread module by login type (RE users read the scoped variant). */
  module: { re: string; iru: string };
  message: { re: string; iru: string };
  /** The message's field holding the thread id. */
  parentField: string;
  reference: { module: string; key: string };
  messageReference: { module: string; key: string };
  /** The thread fields the screen reads. */
  fields: string[];
  /** The list the screen goes back to, within the shell. */
  listPath: string;
}

export const THREAD_KINDS: Record<ThreadKindName, ThreadKind> = {
  helpdesk: {
    name: 'helpdesk',
    module: { re: 'RE-Helpdesk', iru: 'Helpdesk' },
    message: { re: 'RE-HelpdeskMessage', iru: 'HelpdeskMessage' },
    parentField: 'helpdesk',
    reference: { module: 'Helpdesk_Reference', key: 'fk_helpdesk' },
    messageReference: { module: 'HelpdeskMessage_Reference', key: 'fk_helpdeskmessage' },
    fields: ['id', 'updatectr', 'category', 'category_name_ind_field', 'name', 'description', 'state', 'state_name_ind_field', 're', 're_name_ind_field', 'createby', 'createby_firstname', 'createon', 'userid', 'approver', 'preparer', 'checker'],
    listPath: 'helpdesk',
  },
  query: {
    name: 'query',
    module: { re: 'RE-Query', iru: 'Query' },
    message: { re: 'RE-QueryMessage', iru: 'QueryMessage' },
    parentField: 'query',
    reference: { module: 'Query_Reference', key: 'fk_query' },
    messageReference: { module: 'QueryMessage_Reference', key: 'fk_querymessage' },
    fields: [
      'id', 'updatectr', 'name', 'description', 'state', 'state_name_ind_field', 're', 're_name_ind_field', 'formbatch', 'formbatch_name_ind_field', 'form', 'form_name',
      'formtab', 'dataitem', 'confidential', 'createby', 'createby_name_ind_field', 'createon', 'replyon', 'closeon', 'duration', 'conclusion', 'conclusionconfirm',
    ],
    listPath: 'query',
  },
};
