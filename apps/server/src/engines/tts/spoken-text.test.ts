import { describe, expect, it } from 'vitest';
import { spokenText } from './spoken-text.ts';

describe('printed numbers as they are said in Chinese', () => {
  it('says doses, amounts and temperatures with Chinese units', () => {
    expect(spokenText('每片含20 mg，一次1粒，每日5ml')).toBe('每片含20毫克，一次1粒，每日5毫升');
    expect(spokenText('净含量500g，热量 120kcal，25℃以下保存')).toBe(
      '净含量500克，热量 120千卡，25摄氏度以下保存',
    );
    expect(spokenText('限高2.5m的门')).toBe('限高2.5米的门');
    expect(spokenText('含糖量50%，售价¥12.50')).toBe('含糖量百分之50，售价12.50元');
  });

  it('reads phone numbers digit by digit, times as times and dates as dates', () => {
    expect(spokenText('手机：13482023068 电话：010-58088356')).toBe(
      '手机：幺三四八二零二三零六八 电话：零幺零，五八零八八三五六',
    );
    expect(spokenText('末班 23:00，首班 6:05，午休 12:30')).toBe('末班 23点，首班 6点零5分，午休 12点30分');
    expect(spokenText('有效期至2027-03-01')).toBe('有效期至二零二七年3月1日');
    expect(spokenText('2016年4月20日')).toBe('二零一六年4月20日');
  });

  it('leaves words, prices of few digits and English sentences alone', () => {
    expect(spokenText('价格880元，MAX 5G 手机')).toBe('价格880元，MAX 5G 手机');
    expect(spokenText('Take 20 mg at 8:00 daily')).toBe('Take 20 mg at 8:00 daily');
    expect(spokenText('28 Tablets，每片20 mg')).toBe('28 Tablets，每片20毫克');
  });
});
