/**
 * Perch's layers, as an allow-list that follows every import, type-only ones included
 * (`npm run lint` runs it). A file may import only what its layer is allowed below; anything
 * else, or any import cycle, fails the lint. Each layer's README says why it may use what.
 *
 *   shared        -> zod
 *   node-lib      -> Node built-ins
 *   core          -> shared, node-lib, Node, zod, undici, ws   (the HTTP and WebSocket ports' defaults)
 *   sandbox       -> shared, node-lib, Node, zod, ws
 *   demo          -> core, shared, sandbox, Node          (starts the embedded sandbox for the entry points)
 *   electron      -> core, shared, node-lib, demo, Node, electron, electron-store, keytar, electron-updater
 *   browser-host  -> core, shared, sandbox, demo, Node, ws, zod
 *   preload       -> shared, electron
 *   renderer      -> shared, react, react-dom, zustand, @tanstack/react-virtual
 *
 * Inside the renderer (src/renderer/README.md): ui/ knows nothing else of it, app/ is imported by
 * nobody, main-api.ts only by the store and slices, no state module imports a component, and a
 * feature reaches another only through its selectors.ts, actions.ts or index.ts.
 */
const layer = (name) => `^src/${name}/`;
const npm = (...names) => `^node_modules/(${names.join('|')})/`;
const node = { dependencyTypes: ['core'] };

/**
 * The core's folders, lowest first: a folder imports only folders before it (and the files at
 * the core's root: `ports.ts`, the interfaces it is given, which imports no folder). `compose.ts`,
 * which builds accounts and workspaces, is imported by no folder. A new folder takes its place in
 * this list.
 */
const CORE_ORDER = [
  'runtime',
  'log',
  'storage',
  'network',
  'api',
  'contract',
  'attention',
  'settings',
  'sync',
  'snooze',
  'directory',
  'outbox',
  'search',
  'toolkit',
  'first-screen',
  'conversation',
  'alerts',
  'notifications',
  'updates',
  'desktop',
  'workspace',
  'accounts',
];
const core = (folders) => `^src/main/core/(${folders.join('|')})/`;
const coreFolderOrder = [
  {
    name: 'core-folder-declared',
    comment: 'Every folder of src/main/core has its place in CORE_ORDER (.dependency-cruiser.cjs).',
    severity: 'error',
    from: { path: '^src/main/core/[^/]+/', pathNot: core(CORE_ORDER) },
    to: {},
  },
  {
    name: 'core-folder-declared-when-imported',
    comment: 'Every folder of src/main/core has its place in CORE_ORDER (.dependency-cruiser.cjs).',
    severity: 'error',
    from: {},
    to: { path: '^src/main/core/[^/]+/', pathNot: core(CORE_ORDER) },
  },
  {
    name: 'core-ports-below-every-folder',
    comment: 'ports.ts, the interfaces the core is given, is below every core folder: it imports none of them.',
    severity: 'error',
    from: { path: '^src/main/core/ports[.]ts$' },
    to: { path: '^src/main/core/[^/]+/' },
  },
  {
    name: 'core-compose-on-top',
    comment: 'compose.ts builds the core from its folders: none of them imports it.',
    severity: 'error',
    from: { path: '^src/main/core/[^/]+/' },
    to: { path: '^src/main/core/compose[.]ts$' },
  },
  ...CORE_ORDER.slice(0, -1).map((folder, i) => ({
    name: `core-${folder}-imports-no-later-folder`,
    comment: `The core's folders build upwards (CORE_ORDER): ${folder}/ imports none of the folders after it.`,
    severity: 'error',
    from: { path: core([folder]) },
    to: { path: core(CORE_ORDER.slice(i + 1)) },
  })),
];

const allow = (from, ...to) =>
  to.map((target) => ({ from: { path: layer(from) }, to: typeof target === 'string' ? { path: target } : target }));

module.exports = {
  allowedSeverity: 'error',
  allowed: [
    // Inside a layer, anything goes (cycles aside).
    { from: { path: '^src/(shared|node-lib|sandbox|renderer|preload)/' }, to: { path: '^src/$1/' } },
    { from: { path: '^src/main/(core|demo|electron|browser-host)/' }, to: { path: '^src/main/$1/' } },
    ...allow('shared', npm('zod')),
    ...allow('node-lib', node),
    ...allow('main/core', layer('shared'), layer('node-lib'), node, npm('zod', 'undici', 'ws')),
    ...allow('sandbox', layer('shared'), layer('node-lib'), node, npm('zod', 'ws')),
    ...allow('main/demo', layer('main/core'), layer('shared'), layer('sandbox'), node),
    ...allow(
      'main/electron',
      layer('main/core'),
      layer('shared'),
      layer('node-lib'),
      layer('main/demo'),
      node,
      npm('electron', 'electron-store', 'keytar', 'electron-updater'),
    ),
    ...allow(
      'main/browser-host',
      layer('main/core'),
      layer('shared'),
      layer('sandbox'),
      layer('main/demo'),
      node,
      npm('ws', 'zod'),
    ),
    ...allow('preload', layer('shared'), npm('electron')),
    ...allow('renderer', layer('shared'), npm('react', 'react-dom', 'zustand', '@tanstack/react-virtual')),
  ],
  forbidden: [
    ...coreFolderOrder,
    {
      name: 'no-circular',
      comment: 'An import cycle, even a type-only one: move the shared type to the module both sides build on.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-reaches-no-runtime',
      comment:
        'The core runs on plain Node: no chain of imports from it may reach Electron, the adapters, the sandbox or the renderer.',
      severity: 'error',
      from: { path: layer('main/core') },
      to: {
        path: '^(src/main/(electron|demo|browser-host)/|src/sandbox/|src/renderer/|src/preload/|node_modules/electron/)',
        reachable: true,
      },
    },
    {
      name: 'shared-reaches-only-zod',
      comment: 'src/shared runs everywhere: nothing it reaches may be Node, Electron or another layer.',
      severity: 'error',
      from: { path: layer('shared') },
      to: { pathNot: '^(src/shared/|node_modules/zod/)', reachable: true },
    },
    {
      name: 'renderer-ui-is-generic',
      comment:
        'src/renderer/src/ui/ holds what any screen may use (Sheet, Select, SuggestionList, texts): it knows no feature, store, app or main.',
      severity: 'error',
      from: { path: '^src/renderer/src/ui/' },
      to: { path: '^src/renderer/src/(app|features|store)/|^src/renderer/src/main-api\\.ts$' },
    },
    {
      name: 'renderer-main-api-behind-actions',
      comment:
        "main-api.ts is the renderer's one door to main, used only by store/ and the features' slices (slice.ts, slice-*.ts): anything else calls one of their actions.",
      severity: 'error',
      from: { path: '^src/renderer/src/', pathNot: '^src/renderer/src/(store/[^/]+|features/[^/]+/slice[^/]*)\\.ts$' },
      to: { path: '^src/renderer/src/main-api\\.ts$' },
    },
    {
      name: 'renderer-app-is-the-top',
      comment:
        'src/renderer/src/app/ (the entry, the shell, the transport) composes the rest; nothing else imports it (the store takes the answers to the first requests the entry sent).',
      severity: 'error',
      from: { path: '^src/renderer/src/', pathNot: '^src/renderer/src/app/' },
      to: { path: '^src/renderer/src/app/', pathNot: '^src/renderer/src/app/first-requests\\.ts$' },
    },
    {
      name: 'renderer-state-knows-no-view',
      comment: 'The store, the slices and the stores are plain TypeScript: none imports a component.',
      severity: 'error',
      from: { path: '^src/renderer/src/(store/[^/]+|features/[^/]+/slice[^/]*)\\.ts$' },
      to: { path: '^src/renderer/src/.+\\.tsx$' },
    },
    {
      name: 'renderer-feature-public-face',
      comment:
        'A feature reaches another only through its public face (src/renderer/README.md): selectors.ts (what may be read of its state: selectors, pure helpers, types), actions.ts (what may be done outside a component) and index.ts (the components others compose, and the hooks of a store it keeps apart).',
      severity: 'error',
      from: { path: '^src/renderer/src/features/([^/]+)/' },
      to: {
        path: '^src/renderer/src/features/',
        pathNot: ['^src/renderer/src/features/$1/', '^src/renderer/src/features/[^/]+/(selectors|actions|index)\\.ts$'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
