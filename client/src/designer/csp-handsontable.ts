// Handsontable under a `style-src 'self'` policy. Its core CSS is imported as a file (designer-grid)
// and `injectCoreCss: false` stops a grid from adding it again as a <style> element, but the
// grids handsontable builds itself (context and dropdown menus, the filter's value list) are made
// with `new hot.constructor(container, settings)` without that option. Every instance's
// constructor is therefore replaced, once, by one that adds `injectCoreCss: false`.
import Handsontable from 'handsontable/base';

type CoreConstructor = new (root: HTMLElement, settings: Record<string, unknown>, rootSymbol?: unknown) => object;

let patched = false;

function noInjectedCss(this: { constructor: CoreConstructor }) {
  if (patched) return;
  patched = true;
  const Core = this.constructor;
  function CoreWithoutInjectedCss(root: HTMLElement, settings: Record<string, unknown>, rootSymbol?: unknown) {
    return new Core(root, { ...settings, injectCoreCss: false }, rootSymbol);
  }
  Core.prototype.constructor = CoreWithoutInjectedCss as unknown as CoreConstructor;
}

export function keepStylesInFiles(): void {
  Handsontable.hooks.add('beforeInit', noInjectedCss as never);
}
