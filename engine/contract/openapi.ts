// The OpenAPI 3.1 document of the deployment: POST /process with one request schema per action
// (chosen by the `action` discriminator), and the other endpoints of PROTOCOL.md §6. Made from
// the catalogue, so an action added to the registry appears here without further work.
import { ERROR_CODES } from '../errors/catalogue.js';
import { COLUMN_TYPES } from '../protocol/envelope.js';
import { SESSION_COOKIE } from '../identity/session-store.js';
import type { Catalogue } from './catalogue.js';
import { jsonEnvelopeSchema } from './openapi-envelope.js';

type Json = Record<string, unknown>;

const MAX_ARGS = 10;
const XSD = 'docs/contract/envelope.xsd';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function actionSchema(a: Catalogue['actions'][number]): Json {
  const access = a.access === 'public' ? 'public (no session needed)' : 'needs a session or an API token';
  return {
    type: 'object',
    description: `${a.summary}. Access: ${access}. Permission: ${a.permission ?? 'none'}. Answer: ${a.answer}. Errors: ${a.errors.join(', ') || 'the general ones'}.`,
    required: a.minArgs > 0 ? ['action', 'args'] : ['action'],
    properties: {
      action: { const: a.name },
      args: { type: 'array', prefixItems: a.args, minItems: a.minArgs, maxItems: a.args.length, items: false },
      re: ref('CurrentEntity'),
      sector: ref('CurrentEntity'),
    },
    'x-access': a.access,
    'x-permission': a.permission,
    'x-writes': a.writes,
    'x-errors': a.errors,
  };
}

function formCall(): Json {
  const properties: Json = { action: { type: 'string', description: 'Namespace.name of the action' } };
  for (let i = 0; i < MAX_ARGS; i++) properties[`a${i}`] = { type: 'string', description: `argument ${i} as JSON text (see the action's schema in the application/json form)` };
  properties.re = { type: 'string', pattern: '^\\d+$' };
  properties.sector = { type: 'string', pattern: '^\\d+$' };
  return { type: 'object', required: ['action'], properties };
}

function requestBody(catalogue: Catalogue): Json {
  const mapping = Object.fromEntries(catalogue.actions.map((a) => [a.name, `#/components/schemas/${a.name}`]));
  return {
    required: true,
    content: {
      'application/json': { schema: { oneOf: catalogue.actions.map((a) => ref(a.name)), discriminator: { propertyName: 'action', mapping } } },
      'application/x-www-form-urlencoded': { schema: ref('FormCall') },
      // Record.uploadFile and attachment uploads: the same fields plus file parts.
      'multipart/form-data': { schema: { allOf: [ref('FormCall')], description: 'action, a0… as fields, plus the file parts of Record.uploadFile and attachment uploads' } },
    },
  };
}

const xmlAnswer = (description: string) => ({
  description,
  content: {
    'application/xml': { schema: { type: 'string', description: `The XML envelope of PROTOCOL.md §2; valid against ${XSD}.` } },
    'application/json': { schema: ref('JsonEnvelope') },
  },
});

function processResponses(): Json {
  return {
    '200': xmlAnswer('The answer values, or an exception value for an application error (errors answer 200). JSON with Accept: application/json.'),
    '413': xmlAnswer('E_TOOLARGE: the request is too large (an exception envelope)'),
    '415': xmlAnswer('The body is of an unsupported media type (an E_BADREQUEST exception envelope)'),
    '429': xmlAnswer('E_RATELIMIT: too many calls (an exception envelope)'),
    '503': xmlAnswer('E_UNAVAILABLE: the database could not serve the call; nothing was half-written, send it again (an exception envelope)'),
  };
}

/** A GET that answers a file, or an exception envelope with an HTTP status (docs/jobs-and-reports.md). */
const download = (operationId: string, summary: string, type: string, parameters: Json[]): Json => ({
  get: {
    operationId,
    summary,
    parameters,
    responses: {
      '200': { description: summary, content: { [type]: { schema: { type: 'string', format: 'binary' } } } },
      '400': xmlAnswer('E_BADREQUEST, E_INVALIDFIELD: malformed parameters'),
      '401': xmlAnswer('E_ILLEGALACCESS: no session'),
      '403': xmlAnswer('E_NOPERMISSION'),
      '404': xmlAnswer('E_NOTFOUND'),
      '503': xmlAnswer('E_FAIL: the file cannot be made now (e.g. no Chromium for reports: CHROMIUM_PATH)'),
    },
  },
});

const reportParameters: Json[] = [
  { name: 'report', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }, description: 'Report name (metadata/reports)' },
  { name: 'WHERE', in: 'query', required: true, schema: { type: 'string', maxLength: 500 }, description: "field = value conditions joined by AND, e.g. id=12 (values: numbers or 'quoted text')" },
  { name: 'action', in: 'query', required: false, schema: { const: 'report.print' } },
  { name: 'format', in: 'query', required: false, schema: { const: 'pdf' } },
];

/** The contract documents the engine serves (engine/contract/routes.ts). */
export const CONTRACT_ROUTES = { catalogue: '/contract/catalogue.json', openapi: '/contract/openapi.json', xsd: '/contract/envelope.xsd' } as const;

function contractPaths(): Json {
  const doc = (operationId: string, summary: string, type: string) => ({
    get: { operationId, summary, security: [{}], responses: { '200': { description: summary, content: { [type]: { schema: type === 'application/json' ? { type: 'object' } : { type: 'string' } } } } } },
  });
  return {
    [CONTRACT_ROUTES.catalogue]: doc('contractCatalogue', 'The action catalogue of this deployment (as System.catalogue)', 'application/json'),
    [CONTRACT_ROUTES.openapi]: doc('contractOpenApi', 'This OpenAPI document', 'application/json'),
    [CONTRACT_ROUTES.xsd]: doc('contractXsd', 'The XML Schema of the answer envelope', 'application/xml'),
  };
}

export function buildOpenApi(catalogue: Catalogue): Json {
  const schemas: Json = { FormCall: formCall(), JsonEnvelope: jsonEnvelopeSchema(COLUMN_TYPES), CurrentEntity: { type: ['integer', 'null'], minimum: 0, description: "the client's current reporting entity / sector" } };
  for (const a of catalogue.actions) schemas[a.name] = actionSchema(a);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Action RPC',
      version: catalogue.protocolVersion,
      description: `The action-RPC protocol (PROTOCOL.md). Error codes: ${Object.keys(ERROR_CODES).join(', ')}. The XML answers are described by ${XSD}.`,
    },
    // Public actions need no credentials; the others take the session cookie or an API token.
    security: [{}, { cookieAuth: [] }, { bearerAuth: [] }],
    paths: {
      '/process': { post: { operationId: 'process', summary: 'Call an action; answers the XML envelope', requestBody: requestBody(catalogue), responses: processResponses() } },
      '/process/string': {
        post: {
          operationId: 'processString',
          summary: 'Call an action; answers text: OK, the text result, or exception:text:CODE:message',
          requestBody: requestBody(catalogue),
          responses: { '200': { description: 'The text answer', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Liveness and database reachability, for load balancers',
          security: [{}],
          responses: {
            '200': { description: 'Up', content: { 'application/json': { schema: ref('Health') } } },
            '503': { description: 'The database is unreachable', content: { 'application/json': { schema: ref('Health') } } },
          },
        },
      },
      '/file/{module}/{id}': {
        get: {
          operationId: 'file',
          summary: 'Attachment download, permission-checked like Record.select',
          parameters: [
            { name: 'module', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
          ],
          responses: { '200': { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, default: xmlAnswer('An exception envelope') },
        },
      },
      ...contractPaths(),
      '/out/{report}.pdf': download('reportPrint', 'Report print (report.print): one record of the report\'s module as PDF, permission-checked like Record.select', 'application/pdf', reportParameters),
      '/out/{jobid}.xlsx': download('exportDownload', 'A finished export job, for the user who submitted it', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', [
        { name: 'jobid', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]*$' }, description: 'The id Job.ExportListExcel.submit answered' },
      ]),
    },
    components: {
      schemas: { ...schemas, Health: { type: 'object', required: ['status', 'database'], properties: { status: { enum: ['ok', 'error'] }, database: { enum: ['ok', 'unreachable'] } } } },
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by User.login' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token issued to a service user' },
      },
    },
  };
}
