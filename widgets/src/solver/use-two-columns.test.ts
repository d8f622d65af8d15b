import { describe, expect, it } from 'vitest';
import { STACKING_THRESHOLD, columnsLayout } from './use-two-columns';

describe('columnsLayout', () => {
  it('is columns when the right column starts after the left one, tops within 20 px', () => {
    expect(STACKING_THRESHOLD).toBe(20);
    expect(columnsLayout({ top: 100, left: 0, right: 400 }, { top: 100, left: 424, right: 1100 })).toBe(
      'columns',
    );
    expect(columnsLayout({ top: 100, left: 0, right: 400 }, { top: 120, left: 424, right: 1100 })).toBe(
      'columns',
    );
  });

  it('is stacked when the tops are more than 20 px apart', () => {
    expect(columnsLayout({ top: 100, left: 0, right: 400 }, { top: 120.5, left: 424, right: 1100 })).toBe(
      'stacked',
    );
    expect(columnsLayout({ top: 100, left: 0, right: 340 }, { top: 420, left: 0, right: 340 })).toBe(
      'stacked',
    );
  });

  it('is stacked when the columns overlap sideways, even with close tops', () => {
    expect(columnsLayout({ top: 100, left: 0, right: 400 }, { top: 105, left: 200, right: 800 })).toBe(
      'stacked',
    );
  });
});
