export function DemoVideoPage() {
  return <h1>DemoVideoPage</h1>;
}
