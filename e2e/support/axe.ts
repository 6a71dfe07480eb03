import axe from 'axe-core';
import type { AxeResults, FrameContextObject, PartialResults, RunOptions } from 'axe-core';
import type { BrowserContext, Frame, Page } from '@playwright/test';

/**
 * axe-core run the way @axe-core/playwright runs it (`runPartial` in the page and in each of its
 * frames, the cross-origin card fields included, then `finishRun` in a blank page the app's
 * scripts cannot touch), with one difference: the blank page is opened once per test and reused
 * for every view, where AxeBuilder opens, loads axe into and closes a new page for each analysis.
 * A sweep of forty views spent a third of its axe time there. The blank page closes with the
 * test's context.
 */
declare global {
  interface Window {
    axe: typeof axe;
  }
}

const CONFIGURE = `axe.configure({ allowedOrigins: ['<unsafe_all_origins>'], branding: { application: 'playwright' } });`;

/** axe loaded into a frame that does not have it yet (a navigation leaves a fresh document). */
async function inject(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof window.axe?.runPartial === 'function')) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(CONFIGURE);
}

/** The partial results of a frame and, in axe's order, of every frame inside it (null for one that could not be read). */
async function partials(frame: Frame, context: FrameContextObject, options: RunOptions, top: boolean): Promise<PartialResults> {
  try {
    await inject(frame);
    const children = await frame.evaluate((ctx) => window.axe.utils.getFrameContexts(ctx), context);
    const own = frame.evaluate(({ ctx, opts }) => window.axe.runPartial(ctx, opts), { ctx: context, opts: options });
    // Handled here too, so that a child frame's walk throwing first leaves no rejection unhandled.
    own.catch(() => undefined);
    const nested: PartialResults[] = [];
    for (const { frameSelector, frameContext } of children) {
      const handle = await frame.evaluateHandle((selector) => window.axe.utils.shadowSelect(selector), frameSelector);
      const child = await handle.asElement()?.contentFrame();
      nested.push(child ? await partials(child, frameContext, options, false) : [null]);
    }
    return [await own, ...nested.flat()];
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

export class AxeRunner {
  private blank: Page | undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly options: RunOptions,
  ) {}

  async analyze(page: Page): Promise<AxeResults> {
    const found = await partials(page.mainFrame(), { include: [], exclude: [] }, this.options, true);
    if (!this.blank || this.blank.isClosed()) {
      this.blank = await this.context.newPage();
      await this.blank.evaluate(axe.source);
      await this.blank.evaluate(CONFIGURE);
      // The new page came to the front: the page under test would be a background tab, with no
      // animation frames (and nothing a click waits for would ever be stable) while it stays open.
      await page.bringToFront();
    }
    return this.blank.evaluate(({ results, opts }) => window.axe.finishRun(results, opts), {
      results: found,
      opts: this.options,
    });
  }
}
