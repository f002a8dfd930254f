/**
 * A set of names with cheap nested scopes: `mark()` before a nested block, `rollback(mark)` after it
 * undoes what the block added. Each name is added and removed once, so a whole pass stays linear.
 */
export class ScopedNames {
  private readonly counts = new Map<string, number>();
  private readonly trail: string[] = [];

  has(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }

  add(name: string): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    this.trail.push(name);
  }

  mark(): number {
    return this.trail.length;
  }

  /** The names added since `mark`, in order (a name added twice appears twice). */
  since(mark: number): readonly string[] {
    return this.trail.slice(mark);
  }

  rollback(mark: number): void {
    while (this.trail.length > mark) {
      const name = this.trail.pop()!;
      this.counts.set(name, this.counts.get(name)! - 1);
    }
  }
}
