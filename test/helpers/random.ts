/** A seeded generator (mulberry32), so a failing property case names a seed that replays it; shared with `npm run fuzz`. */
export { seededRandom } from '../../fuzz/random.mjs';
