// A routine report reply's two files (seed 003 §3: RoutineRptMsg_Reference, description report or
// validation), one multipart Record2.uploadFile each; the answer is a JSON envelope.
import { uploadRecordFile } from '../rpc/upload-record-file';

export async function uploadReplyFile(message: number, description: 'report' | 'validation', file: File): Promise<void> {
  await uploadRecordFile({ module: 'RoutineRptMsg_Reference', fk_routinerptmsg: message, description }, file);
}
