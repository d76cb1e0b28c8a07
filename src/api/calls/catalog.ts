/** The named reads and commands of the catalog, locations, media and settings screens (composed in src/api/reads.ts and src/api/commands.ts). */

export const catalogReads = {};

export const catalogCommands = {};
