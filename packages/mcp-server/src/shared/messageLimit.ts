/**
 * The largest MCP message read by default, over stdio and HTTP alike: one tool call's arguments are far less, and the
 * SDK's own stdio reader gives up (and closes) at 10 MiB.
 */
export const defaultMaxMessageBytes = 8 * 1024 * 1024;
