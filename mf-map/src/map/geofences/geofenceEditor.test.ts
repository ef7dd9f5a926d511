import { addPoint, editedWkt, editSnapshot, editStep, editSummary, movePoint, removePoint, resetEdit, startEdit } from './geofenceEditor';

describe('geofence editing (SPEC §4)', () => {
  it('draws a circle in steps: centre (2), then edge (3), area π·r² km²', () => {
    let edit = startEdit('circle');
    expect(editStep(edit)).toBe(1);
    expect(editSummary(edit)).toEqual({ kind: 'undefined' });
    edit = addPoint(edit, [-46.7, -23.5]);
    expect(editStep(edit)).toBe(2);
    expect(editSummary(edit)).toEqual({ kind: 'points', value: 1 });
    edit = addPoint(edit, [-46.7, -23.5 + 0.01]);
    expect(editStep(edit)).toBe(3);
    expect(edit.radiusMetres).toBeCloseTo(1112, 0);
    const summary = editSummary(edit);
    expect(summary.kind).toBe('km2');
    expect(editedWkt(edit)).toMatch(/^CIRCLE \(-23\.5 -46\.7, 111\d(\.\d)?\)$/);
  });

  it('moves a circle by its centre and resizes it by its edge handle', () => {
    let edit = addPoint(addPoint(startEdit('circle'), [0, 0]), [0, 0.001]);
    edit = movePoint(edit, 0, [1, 1]);
    expect(edit.points).toEqual([[1, 1]]);
    edit = movePoint(edit, 1, [1, 1.002]);
    expect(edit.radiusMetres).toBeCloseTo(222.4, 0);
    expect(editStep(removePoint(edit, 1))).toBe(2);
    expect(editStep(removePoint(edit, 0))).toBe(1);
  });

  it('adds, moves and removes polygon vertices, counting points as the area', () => {
    let edit = startEdit('polygon');
    edit = addPoint(edit, [0, 0]);
    edit = addPoint(edit, [0, 1]);
    expect(editStep(edit)).toBe(2);
    expect(editedWkt(edit)).toBeNull();
    edit = addPoint(edit, [1, 1]);
    expect(editStep(edit)).toBe(3);
    expect(editSummary(edit)).toEqual({ kind: 'points', value: 3 });
    edit = movePoint(edit, 2, [1, 0]);
    expect(editedWkt(edit)).toBe('POLYGON ((0 0, 1 0, 0 1, 0 0))');
    edit = removePoint(edit, 0);
    expect(edit.points).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(editSnapshot(resetEdit(edit))).toEqual({ type: 'polygon', step: 1, points: 0, radiusMetres: null, geofenceId: null, name: '' });
  });

  it('draws a line from two points, latitude first', () => {
    const edit = addPoint(addPoint(startEdit('line'), [-46.66, -23.55]), [-46.65, -23.56]);
    expect(editedWkt(edit)).toBe('LINESTRING (-23.55 -46.66, -23.56 -46.65)');
  });

  it('edits an existing geofence from its stored area', () => {
    const original = { id: 7, name: 'Depot', area: 'CIRCLE (-23.5 -46.7, 300)', attributes: {} };
    const edit = startEdit('circle', original);
    expect(editSnapshot(edit)).toEqual({ type: 'circle', step: 3, points: 1, radiusMetres: 300, geofenceId: 7, name: 'Depot' });
    expect(startEdit('polygon', { ...original, area: 'POLYGON ((0 0, 0 1, 1 1, 0 0))' }).points).toHaveLength(3);
  });
});
