/**
 * Orders the live map's cards by name, then device id, every second for thousands of devices: each
 * distinct name's place in the collation order is worked out once (again only when a name is new),
 * so a sort compares numbers instead of calling the collator tens of thousands of times.
 */
export class NameOrder {
  private readonly collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  private ranks = new Map<string, number>();

  sort<T extends { name: string }>(items: readonly T[], deviceIdOf: (item: T) => number): T[] {
    if (items.some((item) => !this.ranks.has(item.name))) this.rank(items);
    const rank = items.map((item) => this.ranks.get(item.name)!);
    const order = items.map((_, index) => index);
    order.sort((a, b) => rank[a]! - rank[b]! || deviceIdOf(items[a]!) - deviceIdOf(items[b]!));
    return order.map((index) => items[index]!);
  }

  private rank(items: readonly { name: string }[]) {
    const names = [...new Set([...this.ranks.keys(), ...items.map((item) => item.name)])].sort(this.collator.compare);
    this.ranks = new Map();
    let rank = 0;
    names.forEach((name, index) => {
      // Names the collator holds equal ("Émile", "emile") share a place, as the comparison did.
      if (index > 0 && this.collator.compare(names[index - 1]!, name) !== 0) rank++;
      this.ranks.set(name, rank);
    });
  }
}
