import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../api/http-client.ts';
import { AnalysisError, analyzeImage, type AnalyzeCall } from './analysis-client.ts';
import { lastAnalysis } from './last-analysis.ts';

const request = { image: 'QUJD', scenario: 'observe' as const, compression: 'standard' as const };
const okAnswer = {
  ok: true as const,
  code: 200,
  message: '成功',
  data: { description: '一只猫', imageUrl: '/x' },
};
const failAnswer = (code: number) => ({
  ok: false as const,
  code,
  message: 'bad',
  data: { error: 'errors.internal' },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('analysis client', () => {
  it('posts visionAnalyze with the signal and returns the description', async () => {
    const call = vi.fn(() => Promise.resolve(okAnswer)) as unknown as AnalyzeCall & ReturnType<typeof vi.fn>;
    const signal = new AbortController().signal;
    await expect(analyzeImage(request, signal, call)).resolves.toEqual({ description: '一只猫' });
    expect(call).toHaveBeenCalledWith('visionAnalyze', request, { signal });
  });

  it('keeps the latest answer with its photo (a seeker may share it on a call), not a failed one', async () => {
    const answer = {
      ...okAnswer,
      data: { description: '前方是斑马线', imageUrl: '/api/vision/images/1?sig=a' },
    };
    await analyzeImage(request, undefined, (() => Promise.resolve(answer)) as unknown as AnalyzeCall);
    await expect(
      analyzeImage(request, undefined, (() => Promise.resolve(failAnswer(400))) as unknown as AnalyzeCall),
    ).rejects.toBeInstanceOf(AnalysisError);
    expect(lastAnalysis()).toEqual({ description: '前方是斑马线', imageUrl: '/api/vision/images/1?sig=a' });
    // the same answer again (not charged, no photo of its own) keeps the photo it first came with
    const repeated = {
      ...okAnswer,
      data: { description: '前方是斑马线', imageUrl: '', sameAsLast: true as const },
    };
    await expect(
      analyzeImage(request, undefined, (() => Promise.resolve(repeated)) as unknown as AnalyzeCall),
    ).resolves.toEqual({ description: '前方是斑马线', sameAsLast: true });
    expect(lastAnalysis()).toEqual({ description: '前方是斑马线', imageUrl: '/api/vision/images/1?sig=a' });
  });

  it('retries a network error once, 2 s later', async () => {
    const call = vi
      .fn()
      .mockRejectedValueOnce(new NetworkError('network'))
      .mockResolvedValueOnce(okAnswer) as unknown as AnalyzeCall & ReturnType<typeof vi.fn>;
    const pending = analyzeImage(request, undefined, call);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ description: '一只猫' });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('retries a 5xx once and then gives up with analysis request failed', async () => {
    const call = vi.fn(() => Promise.resolve(failAnswer(503))) as unknown as AnalyzeCall &
      ReturnType<typeof vi.fn>;
    const pending = analyzeImage(request, undefined, call);
    const assertion = expect(pending).rejects.toMatchObject({
      messageKey: 'seeForMe.errors.requestFailed',
      code: 503,
    });
    await vi.advanceTimersByTimeAsync(2_000);
    await assertion;
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('a 4xx is final (no retry)', async () => {
    const call = vi.fn(() => Promise.resolve(failAnswer(400))) as unknown as AnalyzeCall &
      ReturnType<typeof vi.fn>;
    await expect(analyzeImage(request, undefined, call)).rejects.toBeInstanceOf(AnalysisError);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('an abort is final and rejects with an AbortError, also during the retry wait', async () => {
    const aborted = new AbortController();
    const call = vi.fn(() => Promise.reject(new DOMException('x', 'AbortError'))) as unknown as AnalyzeCall &
      ReturnType<typeof vi.fn>;
    aborted.abort();
    await expect(analyzeImage(request, aborted.signal, call)).rejects.toMatchObject({ name: 'AbortError' });

    const later = new AbortController();
    const flaky = vi.fn(() => Promise.reject(new NetworkError('network'))) as unknown as AnalyzeCall &
      ReturnType<typeof vi.fn>;
    const pending = analyzeImage(request, later.signal, flaky);
    const assertion = expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(500);
    later.abort();
    await assertion;
    expect(flaky).toHaveBeenCalledTimes(1);
  });
});
