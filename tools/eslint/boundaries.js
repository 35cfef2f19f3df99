/**
 * Architecture rules the tooling enforces (see CONTRIBUTING.md):
 * - `web-feature-imports`: a web feature is used by another feature only through its `index.ts`, and
 *   the shared layers (components, lib, hooks) never depend on a feature. The app shell (app/) puts
 *   features on pages and may import what it places, so pages stay their own lazily loaded chunks.
 * The server's rule (only repositories build SQL) is plain `no-restricted-syntax` in eslint.config.js.
 */
import path from 'node:path';

const WEB_SRC = path.resolve(import.meta.dirname, '../../apps/web/src');
const FEATURES = path.join(WEB_SRC, 'features');
const SHARED_LAYERS = ['components', 'lib', 'hooks'].map((d) => path.join(WEB_SRC, d));

/** The feature a file belongs to, or undefined outside features/. */
function featureOf(file) {
  const rel = path.relative(FEATURES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep)[0];
}

const isIndex = (target, feature) =>
  [feature, `${feature}/index.ts`, `${feature}/index.tsx`, `${feature}/index`].includes(
    path.relative(FEATURES, target).split(path.sep).join('/'),
  );

const webFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other only through index.ts; shared layers import no feature.' },
    messages: {
      internals: "'{{source}}' reaches into the internals of feature '{{feature}}': import it from its index.ts.",
      shared:
        "'{{source}}' imports feature '{{feature}}' from a shared layer: move what both need to components/ or lib/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    const inShared = SHARED_LAYERS.some((dir) => !path.relative(dir, file).startsWith('..'));
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const feature = featureOf(target);
      if (!feature || feature === own || (!own && !inShared)) return;
      if (inShared) context.report({ node: node.source, messageId: 'shared', data: { source, feature } });
      else if (!isIndex(target, feature))
        context.report({ node: node.source, messageId: 'internals', data: { source, feature } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'web-feature-imports': webFeatureImports } };
