/** The named reads and commands of the services screens (composed in src/api/reads.ts and src/api/commands.ts). */

export const servicesReads = {};

export const servicesCommands = {};
