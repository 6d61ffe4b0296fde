import { describe, expect, it } from 'vitest';
import { bandStrip, bentBand, maxResidual } from './bent-line.ts';
import { minAreaRect } from './min-area-rect.ts';
import { distance, type Point } from './quad.ts';

/** Pixels of a ring segment around (cx, cy): radius ± thickness / 2, `sweep` degrees about the top. */
function arcPixels(cx: number, cy: number, radius: number, thickness: number, sweep: number): Point[] {
  const points: Point[] = [];
  const half = (sweep / 2) * (Math.PI / 180);
  for (let y = Math.floor(cy - radius - thickness); y <= cy; y++)
    for (let x = Math.floor(cx - radius - thickness); x <= cx + radius + thickness; x++) {
      const r = Math.hypot(x - cx, y - cy);
      if (Math.abs(r - radius) <= thickness / 2 && Math.abs(Math.atan2(x - cx, cy - y)) <= half)
        points.push([x, y]);
    }
  return points;
}

/** Pixels of a polyline drawn `thickness` thick. */
function polylinePixels(path: Point[], thickness: number): Point[] {
  const points = new Map<string, Point>();
  for (let k = 0; k + 1 < path.length; k++) {
    const [a, b] = [path[k] as Point, path[k + 1] as Point];
    const steps = Math.ceil(distance(a, b));
    for (let i = 0; i <= steps; i++) {
      const x = a[0] + ((b[0] - a[0]) * i) / steps;
      const y = a[1] + ((b[1] - a[1]) * i) / steps;
      for (let dy = -thickness / 2; dy <= thickness / 2; dy++) {
        const p: Point = [Math.round(x), Math.round(y + dy)];
        points.set(p.join(), p);
      }
    }
  }
  return [...points.values()];
}

const band = (points: Point[]) => bentBand(points, minAreaRect(points));

describe('bent text lines', () => {
  it('follows the centre of an arc from end to end, with its thickness', () => {
    const found = band(arcPixels(300, 400, 300, 16, 60));
    expect(found).not.toBeNull();
    const { centre, thickness } = found!;
    expect(thickness).toBeGreaterThan(14);
    expect(thickness).toBeLessThan(18);
    const offCircle = centre.map((p) => Math.abs(distance(p, [300, 400]) - 300));
    // the slices' mean positions lie on the arc; the ends, extended along the last slices, nearly
    expect(Math.max(...offCircle.slice(2, -2))).toBeLessThan(0.5);
    expect(Math.max(...offCircle)).toBeLessThan(2.5);
    // from the left end of the arc (at −30°, x = 150) to the right end (x = 450), left to right
    expect(centre[0]![0]).toBeCloseTo(150, -1);
    expect(centre[centre.length - 1]![0]).toBeCloseTo(450, -1);
  });

  it('leaves straight, short, kinked and upright bands to the rectangle', () => {
    expect(
      band(
        polylinePixels(
          [
            [10, 50],
            [400, 80],
          ],
          12,
        ),
      ),
    ).toBeNull();
    expect(band(arcPixels(300, 400, 300, 30, 10))).toBeNull();
    // two lines touching in a V (a watermark running into a tag's line)
    expect(
      band(
        polylinePixels(
          [
            [10, 50],
            [200, 62],
            [400, 50],
          ],
          8,
        ),
      ),
    ).toBeNull();
    expect(
      band(
        polylinePixels(
          [
            [50, 10],
            [80, 400],
          ],
          12,
        ),
      ),
    ).toBeNull();
  });

  it('cuts square to the centre line, tops away from the arc centre, ends lengthened', () => {
    const centre = Array.from({ length: 7 }, (_, i): Point => {
      const a = ((-30 + i * 10) * Math.PI) / 180;
      return [100 * Math.sin(a), -100 * Math.cos(a)];
    });
    const strip = bandStrip({ centre, thickness: 10 }, 8, 5);
    // inner cuts run along the radius (the end cuts follow the last chord, a few degrees off)
    strip.top.slice(1, -1).forEach((top, i) => {
      const bottom = strip.bottom[i + 1]!;
      expect(distance(top, [0, 0])).toBeCloseTo(108, 0);
      expect(distance(bottom, [0, 0])).toBeCloseTo(92, 0);
    });
    // the end cuts moved 5 along the tangent, outwards
    expect(strip.top[0]![0]).toBeLessThan(108 * Math.sin((-30 * Math.PI) / 180));
    expect(strip.aspect).toBeCloseTo((100 * (Math.PI / 3) + 10) / 16, 0);
  });

  it('measures how far points stray from a fitted line or parabola', () => {
    const parabola = Array.from({ length: 9 }, (_, i): Point => [i, (i - 4) ** 2]);
    expect(maxResidual(parabola, 2)).toBeCloseTo(0, 6);
    expect(maxResidual(parabola, 1)).toBeGreaterThan(5);
  });
});
