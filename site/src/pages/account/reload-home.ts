/**
 * Leaves for the home page with a full reload (spec 01 §2: logout "goes to / and reloads"), so no
 * state of the old session survives in memory.
 */
export function reloadHome(): void {
  window.location.assign('/');
}
