import { describe, expect, it } from 'vitest';
import { classifyCode, upcAOfUpcE } from './payload.ts';

const qr = (text: string) => classifyCode('QRCode', text);

describe('classifyCode', () => {
  it('takes EAN and UPC codes as products; a UPC-E is looked up as its UPC-A', () => {
    expect(classifyCode('EAN13', '6901234567892')).toEqual({
      kind: 'product',
      code: '6901234567892',
      gtin: '6901234567892',
    });
    expect(classifyCode('EAN8', '96385074')).toMatchObject({ kind: 'product', gtin: '96385074' });
    expect(classifyCode('UPCA', '036000291452')).toMatchObject({ kind: 'product', gtin: '036000291452' });
    expect(classifyCode('UPCE', '01234565')).toEqual({
      kind: 'product',
      code: '01234565',
      gtin: '012345000065',
    });
  });

  it.each([
    ['wxp://f2f0Qx3mI8dTgW0k1bYhJw2pLcN5sVeR7uZ', 'wechat'],
    ['https://qr.alipay.com/fkx17422xqnpcdkkr1oqgb5', 'alipay'],
    ['HTTPS://QR.ALIPAY.COM/BAX03431QMRDFGYOS4F7605E', 'alipay'],
    ['alipays://platformapi/startapp?saId=10000007', 'alipay'],
    ['https://qr.95516.com/00010000/01116734416754405442218335400071', 'unionpay'],
    ['https://payapp.weixin.qq.com/qr/AQHxRkN6?t=GAAG', 'wechat'],
    ['https://qr.chinaums.com/bills/qrCode.do?id=31942108060213374', 'aggregator'],
    [
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING6304A13A',
      'emvco',
    ],
  ])('names a payment code and offers no link: %s', (payload, network) => {
    expect(qr(payload)).toEqual({ kind: 'payment', network });
  });

  it('reads a link domain first, its path shortened, never its query', () => {
    expect(qr('https://www.example.org/zh/products/tea?id=42')).toEqual({
      kind: 'link',
      href: 'https://www.example.org/zh/products/tea?id=42',
      host: 'example.org',
      rest: '/zh/products…',
    });
    expect(qr('http://gov.cn')).toMatchObject({ host: 'gov.cn', rest: '' });
    expect(qr('www.example.com/%E8%8C%B6')).toMatchObject({
      href: 'https://www.example.com/%E8%8C%B6',
      rest: '/茶',
    });
    expect(qr(`https://a.example/${'x'.repeat(40)}`)).toMatchObject({ rest: `/${'x'.repeat(24)}…` });
  });

  it('never takes another scheme for a link', () => {
    expect(qr('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(qr('intent://scan/#Intent;scheme=zxing;end')).toMatchObject({ kind: 'text' });
  });

  it('names Wi-Fi, with escaped characters', () => {
    expect(qr('WIFI:T:WPA;S:Home\\;Net;P:pa\\:ss;;')).toEqual({
      kind: 'wifi',
      ssid: 'Home;Net',
      password: 'pa:ss',
      security: 'WPA',
    });
    expect(qr('WIFI:S:Cafe;T:nopass;;')).toMatchObject({ ssid: 'Cafe', password: '' });
  });

  it('names a contact card (vCard and MECARD), Chinese names family first', () => {
    const vcard =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:张;三;;;\r\nTEL;TYPE=CELL:13800138000\r\nORG:盲人协会\r\nEND:VCARD';
    expect(qr(vcard)).toEqual({
      kind: 'contact',
      name: '张三',
      phone: '13800138000',
      organisation: '盲人协会',
    });
    expect(qr('BEGIN:VCARD\nFN:Jane Doe\nTEL:+44 20 7946 0000\nEND:VCARD')).toMatchObject({
      name: 'Jane Doe',
    });
    expect(qr('MECARD:N:Doe,John;TEL:5551234;;')).toEqual({
      kind: 'contact',
      name: 'John Doe',
      phone: '5551234',
      organisation: '',
    });
  });

  it('names a phone number, a text message and an e-mail', () => {
    expect(qr('tel:+8613800138000')).toEqual({ kind: 'phone', number: '+8613800138000' });
    expect(qr('SMSTO:10086:查询话费')).toEqual({ kind: 'sms', number: '10086', body: '查询话费' });
    expect(qr('sms:10086?body=hi%20there')).toEqual({ kind: 'sms', number: '10086', body: 'hi there' });
    expect(qr('mailto:help@example.org?subject=Hello')).toEqual({
      kind: 'email',
      address: 'help@example.org',
      subject: 'Hello',
    });
    expect(qr('MATMSG:TO:a@b.cn;SUB:问候;BODY:你好;;')).toEqual({
      kind: 'email',
      address: 'a@b.cn',
      subject: '问候',
    });
  });

  it('reads anything else as text', () => {
    expect(qr('凭此码领取 1 份早餐')).toEqual({ kind: 'text', text: '凭此码领取 1 份早餐' });
    expect(classifyCode('Code128', 'SF1234567890')).toEqual({ kind: 'text', text: 'SF1234567890' });
  });
});

describe('upcAOfUpcE', () => {
  it.each([
    ['01234565', '012345000065'],
    ['04252614', '042100005264'],
    ['01234133', '012300000413'],
    ['01234145', '012340000015'],
  ])('%s → %s', (upcE, upcA) => expect(upcAOfUpcE(upcE)).toBe(upcA));
});
