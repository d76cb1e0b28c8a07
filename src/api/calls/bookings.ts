/** The named reads and commands of the bookings screens (composed in src/api/reads.ts and src/api/commands.ts). */

export const bookingsReads = {};

export const bookingsCommands = {};
