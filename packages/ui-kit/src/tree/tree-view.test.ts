import { searchTree, type TreeNode } from './TreeView';

const node = (id: string, parentId: string | null, searchText: string): TreeNode => ({
  id,
  parentId,
  searchText,
});

describe('searchTree', () => {
  const nodes = [
    node('1', null, '1 الأصول Assets'),
    node('11', '1', '11 الأصول المتداولة Current assets'),
    node('111', '11', '111 النقدية Cash'),
    node('1111', '111', '1111 الصندوق الرئيسي Main safe'),
    node('2', null, '2 الخصوم Liabilities'),
    node('21', '2', '21 ضريبة المخرجات VAT output'),
  ];

  it('shows the matches and every ancestor of a match, nothing else', () => {
    const found = searchTree(nodes, 'main SAFE')!;
    expect([...found.matches]).toEqual(['1111']);
    expect([...found.visible].sort()).toEqual(['1', '11', '111', '1111']);
  });

  it('finds by code and in Arabic; an empty search shows the whole tree', () => {
    expect([...searchTree(nodes, '21')!.visible].sort()).toEqual(['2', '21']);
    expect([...searchTree(nodes, 'الأصول')!.matches].sort()).toEqual(['1', '11']);
    expect(searchTree(nodes, '  ')).toBeNull();
    expect(searchTree(nodes, 'nothing like it')!.visible.size).toBe(0);
  });
});
