export function ModulePage() {
  return <h1>ModulePage</h1>;
}
