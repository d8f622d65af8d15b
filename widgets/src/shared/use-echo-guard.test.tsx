import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { useLocalAnswer } from './graph/use-local-answer';
import { useEchoGuard } from './use-echo-guard';

describe('useEchoGuard', () => {
  it("knows the console's own answers and nothing else", async () => {
    let guard: ReturnType<typeof useEchoGuard> | undefined;
    function Probe() {
      guard = useEchoGuard(2);
      return null;
    }
    await render(<Probe />);
    guard!.remember([{ math: 'x' }]);
    guard!.remember([{ math: 'x+' }]);
    guard!.remember([{ math: 'x+1' }]);
    expect(guard!.isEcho([{ math: 'x+1' }])).toBe(true);
    expect(guard!.isEcho([{ math: 'x+' }])).toBe(true);
    // Only the last `limit` answers are kept.
    expect(guard!.isEcho([{ math: 'x' }])).toBe(false);
    expect(guard!.isEcho(null)).toBe(false);
  });
});

describe('useLocalAnswer', () => {
  const same = (local: number[], value: number[] | null | undefined) =>
    JSON.stringify(local) === JSON.stringify(value ?? []);
  let setLocal: (next: number[]) => void = () => undefined;
  function Console({ value }: { value: number[] | null }) {
    const [local, set] = useLocalAnswer(value, (v) => v ?? [], same);
    setLocal = set;
    return <output>{JSON.stringify(local)}</output>;
  }

  it('keeps newer work when an older answer of its own comes back, and follows a new answer', async () => {
    const screen = await render(<Console value={null} />);
    setLocal([1]);
    setLocal([1, 2]);
    await expect.element(screen.getByRole('status')).toHaveTextContent('[1,2]');
    await screen.rerender(<Console value={[1]} />);
    await expect.element(screen.getByRole('status')).toHaveTextContent('[1,2]');
    await screen.rerender(<Console value={[7]} />);
    await expect.element(screen.getByRole('status')).toHaveTextContent('[7]');
    await screen.rerender(<Console value={null} />);
    await expect.element(screen.getByRole('status')).toHaveTextContent('[]');
  });
});
