/** The named reads and commands of the shared screen parts, the shell, home and sign-in (composed in src/api/reads.ts and src/api/commands.ts). */

export const workspaceReads = {};

export const workspaceCommands = {};
