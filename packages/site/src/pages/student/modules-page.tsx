export function ModulesPage() {
  return <h1>ModulesPage</h1>;
}
