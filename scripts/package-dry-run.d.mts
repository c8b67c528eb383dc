export const FUSE_SENTINEL: string;
export const STAND_IN_FUSES: string;
export function packageDryRun(output: string): Promise<Record<string, unknown>>;
