// The layering rules of the engine, its apps and the client (see ARCHITECTURE.md, "Engine and apps").
// Run: `npm run deps` (this config, then scripts/folder-cycles.ts; a step of .ci/run before the tests).

// Tests sit beside their modules; test kits sit in a `testing/` folder.
const TEST_FILE = '\\.test\\.tsx?$';
const TEST_KIT = '(^|/)testing/';
const TEST = `${TEST_FILE}|${TEST_KIT}`;

// What the client (client/src) may import from the server tree. Everything else there is refused,
// so a new import is a decision someone writes down here.
const CLIENT_MAY_IMPORT = {
  // The cell model: one isomorphic module for the designer, the entry grid and the server's checks.
  cellModel: [
    '^portal/filing/template-schema\\.ts$',
    '^portal/filing/template-grid\\.ts$',
    '^portal/filing/normalise\\.ts$',
    '^portal/filing/formula-engine\\.ts$',
    '^portal/filing/cell-codes\\.ts$',
    '^portal/filing/cell-values\\.ts$',
    '^portal/filing/cell-labels\\.ts$',
    // The states in which cells take input: Form.saveData's list, mirrored by the entry page.
    '^portal/filing/form-states\\.ts$',
    '^portal/filing/formula-references\\.ts$',
    '^portal/filing/external-sources\\.ts$',
    '^portal/filing/rule-explain\\.ts$',
    '^portal/filing/period-dates\\.ts$',
    '^portal/filing/adhoc-periods\\.ts$',
    '^portal/filing/late-notice-rule\\.ts$',
  ],
  // The contract types: screen metadata and module catalogue shapes, helper names, the envelope codec
  // (isomorphic: the client decodes answers with the server's module).
  contractTypes: [
    '^engine/metadata/screen-schemas\\.ts$',
    '^engine/metadata/module-catalogue\\.ts$',
    '^engine/metadata/screen-files\\.ts$',
    '^engine/metadata/helper-names\\.ts$',
    '^engine/protocol/envelope\\.ts$',
    // What an action answers, where the screen reads the same shape the server builds.
    '^portal/filing/period-freeze-shape\\.ts$',
  ],
  // Rules the client mirrors for comfort, enforced again on the server.
  mirroredRules: [
    '^engine/accounts/registration-rules\\.ts$',
    '^engine/accounts/password-policy\\.ts$',
    '^engine/html/rich-text-policy\\.ts$',
    '^engine/reports/template-check\\.ts$',
    '^portal/re/re-admin-rules\\.ts$',
    '^portal/peoi/peoi-rules\\.ts$',
    '^portal/requests/resubmission-states\\.ts$',
  ],
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-not-to-apps',
      comment:
        'The engine is generic: an app registers itself through EngineApp, the engine never reaches into ' +
        'an app (portal/, examples/) nor into scripts/. Its tests and test kits (engine/**/testing/) ' +
        'may import the portal, because the engine is tested by running it on the portal, its ' +
        'reference app (and they may use the test-data generators of scripts/).',
      severity: 'error',
      from: { path: '^engine/', pathNot: TEST },
      to: { path: '^(portal|examples|scripts)/' },
    },
    {
      name: 'portal-not-to-examples',
      comment:
        'Apps stand alone on the engine: the portal and the example app never import each other, ' +
        'not even in tests.',
      severity: 'error',
      from: { path: '^portal/' },
      to: { path: '^examples/' },
    },
    {
      name: 'examples-not-to-portal',
      comment:
        'Apps stand alone on the engine: the example app proves the engine works without the portal, ' +
        'so it never imports it.',
      severity: 'error',
      from: { path: '^examples/' },
      to: { path: '^portal/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import circles between the modules of the engine and the apps, so that each can be read, ' +
        'tested and loaded on its own. Type-only imports (`import type`, `import(...)` types: erased ' +
        'at compile time) may go both ways; tests and test kits are not part of the layering. Circles ' +
        'between folders are checked by scripts/folder-cycles.ts.',
      severity: 'error',
      from: { path: '^(engine|portal|examples)/', pathNot: TEST },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only', 'type-import'],
        viaOnly: { pathNot: TEST, dependencyTypesNot: ['type-only', 'type-import'] },
      },
    },
    {
      name: 'client-imports-only-shared-server-modules',
      comment:
        'The client takes from the server tree only the cell model, the contract types and the rules ' +
        'it mirrors for comfort (listed in CLIENT_MAY_IMPORT above), so no server-only code reaches ' +
        'the browser bundle. sdk/ is the client library for integrators and is not part of this tree.',
      severity: 'error',
      from: { path: '^client/src/', pathNot: TEST_FILE },
      to: {
        path: '^(engine|portal|examples|metadata|migrations|scripts|seeds)/|^fastify\\.config\\.ts$',
        pathNot: [...CLIENT_MAY_IMPORT.cellModel, ...CLIENT_MAY_IMPORT.contractTypes, ...CLIENT_MAY_IMPORT.mirroredRules],
      },
    },
    {
      name: 'not-to-unresolvable-relative',
      comment:
        "Every relative import resolves to a file (NodeNext: './a.js' is a.ts). Also proves that this " +
        'check sees the real graph: an import it cannot resolve would escape every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^\\.\\.?/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^(client/)?dist/|^(data|coverage|test-results|\\.bench|\\.prof)/' },
    // Type-only imports are seen, and marked 'type-only', so the rules can tell them apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
