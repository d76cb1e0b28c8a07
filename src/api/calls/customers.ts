/** The named reads and commands of the customers and vendors screens (composed in src/api/reads.ts and src/api/commands.ts). */

export const customersReads = {};

export const customersCommands = {};
