import { describe, expect, it } from 'vitest';
import { Banknote, ClipboardList, FileText, Folder, Landmark, Users } from 'lucide-react';
import { folderIconFor } from './folder-icon';

describe('folder icons', () => {
  it('draws each stored emoji with its icon of the set, with or without the variation selector', () => {
    expect(folderIconFor('📄')).toBe(FileText);
    expect(folderIconFor('📋')).toBe(ClipboardList);
    expect(folderIconFor('🏛️')).toBe(Landmark);
    expect(folderIconFor('🏛')).toBe(Landmark);
    expect(folderIconFor(' 💰 ')).toBe(Banknote);
    expect(folderIconFor('👥')).toBe(Users);
  });

  it('draws a folder for an unknown, blank or missing icon', () => {
    expect(folderIconFor('🦄')).toBe(Folder);
    expect(folderIconFor('')).toBe(Folder);
    expect(folderIconFor(null)).toBe(Folder);
  });
});
