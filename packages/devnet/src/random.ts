/**
 * Seedable randomness for the randomized tests on the devnet (xorshift32): small, repeatable from a
 * printed seed, good enough to pick actions. Not for anything that needs to be unpredictable.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0 || 0x6d2b79f5
  const next = () => {
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 2 ** 32
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)] as T
    },
    /** One of `entries`, each as likely as its weight (whole numbers). */
    weighted: <T>(entries: readonly (readonly [number, T])[]): T => {
      const total = entries.reduce((sum, [weight]) => sum + weight, 0)
      let roll = int(1, total)
      for (const [weight, item] of entries) {
        roll -= weight
        if (roll <= 0) return item
      }
      throw new Error('weighted pick from an empty list')
    },
  }
}

/** The seed of a randomized test: from the environment variable `name` when set, else a fresh one. */
export function testSeed(name: string): number {
  const given = process.env[name]
  return given ? Number(given) : Math.floor(Math.random() * 2 ** 32)
}
