/**
 * Test support for the cartesian boards (browser tests and story play functions): presses, drags
 * and taps at canvas pixels of the board's logical size, dispatched as real PointerEvents on the
 * board, whatever size it is drawn at.
 */

/** Drives the cartesian board inside `root` with the pointer. */
export function boardDriver(root: HTMLElement | ShadowRoot, logicalWidth = 450) {
  const surface = () => {
    const el = root.querySelector<HTMLElement>('.kib-cartesian-board__surface');
    if (!el) throw new Error('no cartesian board here');
    return el;
  };
  const client = (px: number, py: number) => {
    const rect = surface().querySelector('.kib-cartesian-board__canvas')!.getBoundingClientRect();
    const k = rect.width / logicalWidth;
    return { clientX: rect.left + px * k, clientY: rect.top + py * k };
  };
  const fire = (type: string, px: number, py: number, pointerType: string) => {
    surface().dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        composed: true,
        pointerId: 11,
        pointerType,
        isPrimary: true,
        button: type === 'pointermove' ? -1 : 0,
        buttons: type === 'pointerup' ? 0 : 1,
        ...client(px, py),
      }),
    );
  };
  // Each event is its own task, as with a real pointer, so the console re-renders in between.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const fireAndSettle = async (type: string, px: number, py: number, pointerType: string) => {
    fire(type, px, py, pointerType);
    await settle();
  };
  return {
    /** The board element (role application). */
    surface,
    /** A press and release at one canvas pixel. */
    async tap(px: number, py: number, pointerType = 'mouse') {
      await fireAndSettle('pointerdown', px, py, pointerType);
      await fireAndSettle('pointerup', px, py, pointerType);
    },
    /** A press at `from`, moves in `steps` even steps to `to`, release there. */
    async drag(
      from: readonly [number, number],
      to: readonly [number, number],
      options: { steps?: number; pointerType?: string } = {},
    ) {
      const { steps = 8, pointerType = 'mouse' } = options;
      await fireAndSettle('pointerdown', from[0], from[1], pointerType);
      for (let i = 1; i <= steps; i++) {
        await fireAndSettle(
          'pointermove',
          from[0] + ((to[0] - from[0]) * i) / steps,
          from[1] + ((to[1] - from[1]) * i) / steps,
          pointerType,
        );
      }
      await fireAndSettle('pointerup', to[0], to[1], pointerType);
    },
    /** A press along a path of canvas pixels, released at its last pixel. */
    async stroke(path: readonly (readonly [number, number])[], pointerType = 'mouse') {
      const [first, ...rest] = path;
      if (!first) return;
      await fireAndSettle('pointerdown', first[0], first[1], pointerType);
      for (const [px, py] of rest) await fireAndSettle('pointermove', px, py, pointerType);
      const last = rest[rest.length - 1] ?? first;
      await fireAndSettle('pointerup', last[0], last[1], pointerType);
    },
  };
}

/** True once JSXGraph has drawn the board inside `root`. */
export function boardIsReady(root: HTMLElement | ShadowRoot): boolean {
  return root.querySelector('.kib-cartesian-board__surface[data-ready="true"] svg') !== null;
}

/** Waits until JSXGraph has drawn the board inside `root` (15 s at most); then its pointer driver. */
export async function readyBoard(root: HTMLElement | ShadowRoot, timeoutMs = 15_000) {
  const start = Date.now();
  while (!boardIsReady(root)) {
    if (Date.now() - start > timeoutMs) throw new Error('the cartesian board did not draw');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return boardDriver(root);
}

/** What the console inside `root` has read out: the texts of its live regions, joined by ' | '. */
export function announcements(root: HTMLElement | ShadowRoot): string {
  return [...root.querySelectorAll('[role="status"][aria-live]')].map((n) => n.textContent).join(' | ');
}
