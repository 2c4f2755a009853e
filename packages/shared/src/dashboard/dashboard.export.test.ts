import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDocument, csvRow } from '../common/csv.js';
import type { TKpiAppointment, TKpiSummary } from './dashboard.schemas.js';
import { dashboardCsvFileName, dashboardCsvHead, dashboardCsvRow } from './dashboard.export.js';

/** The whole file as the server streams it: the head, then the rows in the order given. */
const buildDashboardCsv = ({ summary, appointments }: { summary: TKpiSummary; appointments: TKpiAppointment[] }) =>
  csvDocument([...dashboardCsvHead(summary), ...appointments.map(dashboardCsvRow)]);

function buildAppointment(overrides: Partial<TKpiAppointment> = {}): TKpiAppointment {
  return {
    id: 1,
    appointment_date: '2026-04-23',
    appointment_time: '09:30:00',
    first_name: 'Sunil',
    last_name: 'Patil',
    name: 'Sunil Patil',
    officer_name: 'PSI Deshmukh',
    phone_number: '919876543210',
    badge_number: 'B-1024',
    request_type: 'leave related',
    status: 'pending_clerk',
    ...overrides,
  };
}

const summary = { orders: 1200, circulars: 4, appointments: 2, forms: 0, payslips: 15 };

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Sunil Patil')).toBe('Sunil Patil');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Patil, Sunil')).toBe('"Patil, Sunil"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+91 98765')).toBe("'+91 98765");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('keeps Devanagari as it is', () => {
    expect(csvCell('सुनील पाटील')).toBe('सुनील पाटील');
  });

  it('does not touch numbers, even negative ones', () => {
    expect(csvCell(-1)).toBe('-1');
  });
});

describe('csvRow', () => {
  it('joins escaped cells with commas', () => {
    expect(csvRow(['a', 'b,c', 3, null])).toBe('a,"b,c",3,');
  });
});

describe('buildDashboardCsv', () => {
  it('starts with a BOM, then the summary, a blank line and the appointments', () => {
    const csv = buildDashboardCsv({ summary, appointments: [buildAppointment()] });
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'metric,count',
      'orders,1200',
      'circulars,4',
      'appointments,2',
      'forms,0',
      'payslips,15',
      '',
      'id,date,time,name,officer,phone,badge,type,status',
      '1,2026-04-23,09:30,Sunil Patil,PSI Deshmukh,9876543210,B-1024,leave related,pending_clerk',
      '',
    ]);
  });

  it('falls back to the name for the officer and to first/last name for the name', () => {
    const csv = buildDashboardCsv({
      summary,
      appointments: [buildAppointment({ name: '', officer_name: null, phone_number: null, badge_number: null })],
    });
    expect(csv).toContain('\r\n1,2026-04-23,09:30,Sunil Patil,Sunil Patil,,,leave related,pending_clerk\r\n');
  });

  it('escapes hostile and Marathi names in appointment rows', () => {
    const csv = buildDashboardCsv({
      summary,
      appointments: [buildAppointment({ id: 7, name: '=cmd|"/c calc"!A1', officer_name: 'पाटील, सुनील' })],
    });
    expect(csv).toContain('7,2026-04-23,09:30,"\'=cmd|""/c calc""!A1","पाटील, सुनील",');
  });

  it('writes only the header when there are no appointments', () => {
    const csv = buildDashboardCsv({ summary, appointments: [] });
    expect(csv.endsWith('\r\n\r\nid,date,time,name,officer,phone,badge,type,status\r\n')).toBe(true);
  });
});

describe('dashboardCsvFileName', () => {
  it('names the range', () => {
    expect(dashboardCsvFileName({ from: '2026-04-17', to: '2026-04-23' })).toBe(
      'srpf-dashboard-2026-04-17-to-2026-04-23.csv',
    );
  });
});
