/** The named reads and commands of the payments, promotions, notifications, messages and support screens (composed in src/api/reads.ts and src/api/commands.ts). */

export const moneyReads = {};

export const moneyCommands = {};
