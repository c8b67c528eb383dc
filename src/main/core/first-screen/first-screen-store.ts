import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { firstScreenSchema, type FirstScreen } from '../../../shared/first-screen';
import { JsonFile } from '../storage/json-file';
import { withFirstScreen } from './first-screen-html';

/**
 * The inbox's first screen as the agent last saw it (`first-screen.json` in the data folder),
 * written when the renderer sends it and read when the page is served. A file that fails its
 * check is left to the next save and the page is served without it: a slower-looking start.
 */
export class FirstScreenStore {
  private readonly file: JsonFile<FirstScreen>;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = new JsonFile(join(dataDir, 'first-screen.json'), firstScreenSchema);
  }

  async save(screen: FirstScreen): Promise<null> {
    this.writes = this.file.write(screen);
    await this.writes;
    return null;
  }

  /**
   * Read only: the page may be served by another instance while a save is being written (the
   * host's and the handlers'), so nothing here touches the file or what a write leaves beside it.
   */
  async load(): Promise<FirstScreen | null> {
    await this.writes.catch(() => {});
    try {
      const checked = firstScreenSchema.safeParse(JSON.parse(await readFile(this.file.path, 'utf8')));
      return checked.success ? checked.data : null;
    } catch {
      return null;
    }
  }

  /** The page as it is served: the renderer's index.html with the first screen in it, if one was kept. */
  async page(indexHtml: string): Promise<string> {
    return withFirstScreen(indexHtml, await this.load());
  }
}
