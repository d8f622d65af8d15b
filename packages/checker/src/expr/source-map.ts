/**
 * A rewritten string that remembers where each of its characters came from, so that a range found
 * in the rewritten text (a node of the parsed line) is a range of the text the student typed.
 * Characters a rewrite keeps (a common prefix and suffix of the match and its replacement) map one
 * to one; the rest of a replacement maps to the whole part of the match it replaced.
 */
export class MappedText {
  private constructor(
    readonly text: string,
    /** Per character: where it starts and ends in the original; null while the text is a plain slice. */
    private readonly starts: readonly number[] | null,
    private readonly ends: readonly number[] | null,
    /** The original's length (where an empty range at the end maps to). */
    private readonly length: number,
    /** For a plain slice: where it starts in the original. */
    private readonly offset = 0,
  ) {}

  /** The text itself, unchanged. */
  static of(text: string): MappedText {
    return new MappedText(text, null, null, text.length);
  }

  private startOf(i: number): number {
    return this.starts ? this.starts[i]! : this.offset + i;
  }

  private endOf(i: number): number {
    return this.ends ? this.ends[i]! : this.offset + i + 1;
  }

  /** Like `String.prototype.replace` with a global pattern; `$1`…`$9` and `$&` in a string replacement. */
  replace(
    pattern: RegExp,
    replacement: string | ((match: string, ...groups: string[]) => string),
  ): MappedText {
    const re = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    re.lastIndex = 0;
    if (!re.test(this.text)) return this;
    re.lastIndex = 0;
    let out = '';
    const starts: number[] = [];
    const ends: number[] = [];
    let last = 0;
    const keep = (from: number, to: number) => {
      out += this.text.slice(from, to);
      for (let i = from; i < to; i++) {
        starts.push(this.startOf(i));
        ends.push(this.endOf(i));
      }
    };
    for (let m = re.exec(this.text); m; m = re.exec(this.text)) {
      const at = m.index;
      const match = m[0];
      if (match === '') {
        re.lastIndex++;
        continue;
      }
      const groups = m.slice(1).map((g) => g ?? '');
      const text =
        typeof replacement === 'function'
          ? replacement(match, ...groups)
          : replacement.replace(/\$(\d|&)/g, (_t, k: string) =>
              k === '&' ? match : (groups[Number(k) - 1] ?? ''),
            );
      keep(last, at);
      // Common prefix and suffix map one to one.
      let p = 0;
      while (p < match.length && p < text.length && match[p] === text[p]) p++;
      let q = 0;
      while (
        q < match.length - p &&
        q < text.length - p &&
        match[match.length - 1 - q] === text[text.length - 1 - q]
      )
        q++;
      keep(at, at + p);
      const midStart = this.startAt(at + p);
      const midEnd = this.endAt(at + match.length - q);
      out += text.slice(p, text.length - q);
      for (let i = p; i < text.length - q; i++) {
        starts.push(midStart);
        ends.push(Math.max(midStart, midEnd));
      }
      keep(at + match.length - q, at + match.length);
      last = at + match.length;
    }
    keep(last, this.text.length);
    return new MappedText(out, starts, ends, this.length);
  }

  /** Inserts texts at positions of this text (each maps to an empty range there). */
  insert(inserts: readonly (readonly [number, string])[]): MappedText {
    if (inserts.length === 0) return this;
    const sorted = [...inserts].sort((a, b) => a[0] - b[0]);
    let out = '';
    const starts: number[] = [];
    const ends: number[] = [];
    let last = 0;
    for (const [at, text] of sorted) {
      out += this.text.slice(last, at);
      for (let i = last; i < at; i++) {
        starts.push(this.startOf(i));
        ends.push(this.endOf(i));
      }
      const here = this.startAt(at);
      out += text;
      for (let i = 0; i < text.length; i++) {
        starts.push(here);
        ends.push(here);
      }
      last = at;
    }
    out += this.text.slice(last);
    for (let i = last; i < this.text.length; i++) {
      starts.push(this.startOf(i));
      ends.push(this.endOf(i));
    }
    return new MappedText(out, starts, ends, this.length);
  }

  /** The characters in [from, to). */
  slice(from: number, to = this.text.length): MappedText {
    const text = this.text.slice(from, to);
    if (!this.starts || !this.ends) return new MappedText(text, null, null, this.length, this.offset + from);
    return new MappedText(text, this.starts.slice(from, to), this.ends.slice(from, to), this.length);
  }

  /** Without leading and trailing white space. */
  trim(): MappedText {
    const from = this.text.length - this.text.trimStart().length;
    const to = this.text.trimEnd().length;
    return from === 0 && to === this.text.length ? this : this.slice(from, Math.max(from, to));
  }

  /** The range of the original that [start, end) of this text came from. */
  original(start: number, end: number): [number, number] {
    if (end <= start) {
      const at = this.startAt(start);
      return [at, at];
    }
    let s = this.startAt(start);
    let e = this.endAt(end);
    if (e < s) [s, e] = [e, s];
    return [s, e];
  }

  private startAt(i: number): number {
    const n = this.text.length;
    return i < n ? this.startOf(i) : n > 0 ? this.endOf(n - 1) : this.starts ? this.length : this.offset;
  }

  /** Where the character before position i ends in the original. */
  private endAt(i: number): number {
    return i > 0 ? this.endOf(i - 1) : this.startAt(0);
  }
}
