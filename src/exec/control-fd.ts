/** The fd a warm worker reads its call from (fd 3 is bwrap's info pipe): a module of its own, so the worker's preload imports nothing else of the spawn side. */
export const CONTROL_FD = 4;
