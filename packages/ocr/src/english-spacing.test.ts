import { describe, expect, it } from 'vitest';
import { restoreEnglishSpacing, segmentWords } from './english-spacing.ts';

describe('restoreEnglishSpacing', () => {
  it('splits run-together upper-case words', () => {
    expect(restoreEnglishSpacing('AGRICULTURALBANKOFCHINA')).toBe('AGRICULTURAL BANK OF CHINA');
    expect(restoreEnglishSpacing('CARDNUMBER')).toBe('CARD NUMBER');
  });
  it('splits lower-case phrases and keeps the original case', () => {
    expect(restoreEnglishSpacing('Pleasekeepthedoorclosed')).toBe('Please keep the door closed');
  });
  it('splits at case changes', () => {
    expect(restoreEnglishSpacing('ShangHaiHongQiao')).toBe('Shang Hai Hong Qiao');
  });
  it('leaves CJK, codes and unknown words alone', () => {
    expect(restoreEnglishSpacing('中国农业银行')).toBe('中国农业银行');
    expect(restoreEnglishSpacing('G7512次 YM-X-3011')).toBe('G7512次 YM-X-3011');
    expect(restoreEnglishSpacing('Xyzzyplugh')).toBe('Xyzzyplugh');
    expect(restoreEnglishSpacing('already spaced words')).toBe('already spaced words');
  });
  it('segments mixed CJK and English', () => {
    expect(restoreEnglishSpacing('出口EMERGENCYEXIT')).toBe('出口EMERGENCY EXIT');
  });
  it('refuses a segmentation with unknown pieces', () => {
    expect(segmentWords('thebankqqq')).toBeNull();
  });
});
