import themeCss from './theme.css?inline';

/**
 * The styles of a widget, rendered inside it: in a shadow root (the web components) they reach the
 * widget and nothing else; in a React page they are plain scoped class rules.
 */
export function WidgetStyles({ css }: { css?: string }) {
  return (
    <style>
      {themeCss}
      {css ?? ''}
    </style>
  );
}
