// Navigation for code outside React components (the error presenter, session checks). The
// router registers itself at start; before that a full page load does the job.
let navigator: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(fn: (to: string) => void): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  navigator(to);
}
