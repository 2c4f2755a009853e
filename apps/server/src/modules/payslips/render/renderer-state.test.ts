import { describe, expect, it } from 'vitest';
import {
  publicRendererState,
  publicRendererStateLogging,
  RENDERER_CHECKING,
  RENDERER_UNAVAILABLE,
} from './renderer-state.js';

const missing = { available: false, reason: 'Chromium is not installed at /opt/hidden/chromium' };
const broken = { available: false, reason: 'Chromium at /opt/hidden/chromium does not start: libnss3.so missing' };
const checking = { available: false, reason: RENDERER_CHECKING };

describe("the renderer's state as anyone may read it", () => {
  it('names neither the path nor the error, and passes a yes and a check in progress as they are', () => {
    expect(publicRendererState(missing)).toEqual({ available: false, reason: RENDERER_UNAVAILABLE });
    expect(publicRendererState({ available: true })).toEqual({ available: true });
    expect(publicRendererState(checking)).toEqual(checking);
  });

  it("logs the renderer's own reason once each time it changes, not again after a check still starting Chromium", () => {
    const logged: string[] = [];
    const answer = publicRendererStateLogging((reason) => logged.push(reason));
    const answers = [missing, missing, checking, missing, broken, { available: true }, broken].map(answer);
    expect(logged).toEqual([missing.reason, broken.reason, broken.reason]);
    expect(answers.map((state) => state.reason)).toEqual([
      RENDERER_UNAVAILABLE,
      RENDERER_UNAVAILABLE,
      RENDERER_CHECKING,
      RENDERER_UNAVAILABLE,
      RENDERER_UNAVAILABLE,
      undefined,
      RENDERER_UNAVAILABLE,
    ]);
  });
});
