// The version of the wire contract (PROTOCOL.md). The catalogue, the OpenAPI document and the
// shape snapshot carry it; contract.test.ts refuses a removed or changed action unless this is
// raised and the change is listed in docs/contract/CHANGELOG.md.
export const PROTOCOL_VERSION = '1.1.0';
