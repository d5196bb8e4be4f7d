/** A seeded generator (mulberry32), so a failing case names a seed that replays it. */
export declare function seededRandom(seed: number): () => number;
