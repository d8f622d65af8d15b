import r2wc from '@r2wc/react-to-web-component';
import {
  Suspense,
  Component,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useT } from './shared/i18n';
import { WidgetStyles } from './shared/styles';

/** How a prop crosses the element boundary: an attribute of this type, or a property. */
export type ElementPropType = 'string' | 'number' | 'boolean' | 'json';

/** A widget exposed as a custom element. */
export interface ElementDescriptor {
  tag: string;
  /** The widget; it may be lazy (the element shows a loading message meanwhile). */
  component: ComponentType<Record<string, unknown>>;
  /** The props that are attributes/properties (camelCase; attributes are kebab-case). */
  props: Record<string, ElementPropType>;
  /** Callback props turned into DOM events: `onAnswer` → `kib-answer`. */
  events: Record<string, `kib-${string}`>;
  /** A controlled prop the element keeps in step with its own event (`value` after `kib-answer`). */
  controlled?: { prop: string; event: string };
}

type HostProps = Record<string, unknown> & { container?: HTMLElement | ShadowRoot };

class ErrorBoundary extends Component<
  { onError: (error: unknown) => void; fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ErrorMessage({ lang }: { lang: unknown }) {
  const t = useT(lang);
  return (
    <div className="kib-root">
      <WidgetStyles />
      <p role="alert">{t('common.error')}</p>
    </div>
  );
}

function Loading({ lang }: { lang: unknown }) {
  const t = useT(lang);
  return (
    <div className="kib-root">
      <WidgetStyles />
      <p role="status">{t('common.loading')}</p>
    </div>
  );
}

function hostOf(container: HTMLElement | ShadowRoot | undefined): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/**
 * Wraps a widget for its element: callbacks become bubbling, composed `kib-*` events from the host
 * (so they cross shadow roots), the controlled value follows the widget's own answers when the page
 * does not feed them back, and a failure shows a translated message and fires `error`.
 */
function elementHost(descriptor: ElementDescriptor): ComponentType<HostProps> {
  const Widget = descriptor.component;
  return function ElementHost({ container, ...props }: HostProps) {
    const host = hostOf(container);
    const controlled = descriptor.controlled;
    const external = controlled ? props[controlled.prop] : undefined;
    const [local, setLocal] = useState<unknown>(external);
    useEffect(() => setLocal(external), [external]);
    const dispatch = useCallback(
      (name: string, detail: unknown) =>
        host?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true })),
      [host],
    );
    const handlers: Record<string, (detail: unknown) => void> = {};
    for (const [prop, event] of Object.entries(descriptor.events)) {
      handlers[prop] = (detail: unknown) => {
        if (controlled && controlled.event === event) setLocal(detail);
        dispatch(event, detail);
      };
    }
    const onError = (error: unknown) => {
      host?.dispatchEvent(
        new CustomEvent('error', {
          detail: { message: error instanceof Error ? error.message : String(error) },
          bubbles: true,
          composed: true,
        }),
      );
    };
    const widgetProps = controlled ? { ...props, [controlled.prop]: local } : props;
    return (
      <ErrorBoundary onError={onError} fallback={<ErrorMessage lang={props.lang} />}>
        <Suspense fallback={<Loading lang={props.lang} />}>
          <Widget {...widgetProps} {...handlers} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}

/**
 * The custom element class of a widget (@r2wc/react-to-web-component) in an open shadow root. A JSON
 * attribute that does not parse keeps the old value and fires `error` instead of throwing.
 */
export function toCustomElement(descriptor: ElementDescriptor): CustomElementConstructor {
  const Base = r2wc(elementHost(descriptor) as ComponentType<HostProps>, {
    shadow: 'open',
    props: descriptor.props,
  }) as unknown as {
    new (): HTMLElement & { attributeChangedCallback(n: string, o: string | null, v: string | null): void };
  };
  return class KibElement extends Base {
    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      try {
        super.attributeChangedCallback(name, old, value);
      } catch (error) {
        this.dispatchEvent(
          new CustomEvent('error', {
            detail: { attribute: name, message: error instanceof Error ? error.message : String(error) },
            bubbles: true,
            composed: true,
          }),
        );
      }
    }
  };
}
