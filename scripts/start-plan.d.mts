export type StartPlan = { mode: 'electron' } | { mode: 'browser'; why: string };
export function canDownloadElectron(nodeVersion: string): boolean;
export function chooseStart(facts: {
  binaryPresent: boolean;
  nodeVersion: string;
  download?: () => boolean;
}): StartPlan;
export function browserOpener(platform: NodeJS.Platform, url: string): { command: string; args: string[] };
export function hostUrl(line: string): string | null;
export function toolCommand(
  packageJsonPath: string,
  bin: string,
  args: string[],
  nodePath?: string,
): { command: string; args: string[] };
