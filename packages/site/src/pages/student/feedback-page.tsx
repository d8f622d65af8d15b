export function FeedbackPage() {
  return <h1>FeedbackPage</h1>;
}
