import { describe, expect, it } from 'vitest';
import { pressMinDistance } from './graph-toolbar';

describe('pressMinDistance', () => {
  it('drags after 3 px with a point tool, pans at once with the move tool (spec 02 §9)', () => {
    expect(pressMinDistance('movePoints')).toBe(3);
    expect(pressMinDistance('draw')).toBe(3);
    expect(pressMinDistance('move')).toBe(0);
  });
});
