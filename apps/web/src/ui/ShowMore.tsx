import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';

/** The next page of a keyset list: a button under the list while there is one. */
export function ShowMore({ list, children }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> }; children: ReactNode }) {
  if (!list.hasNextPage) return null;
  return (
    <Flex justify="center" style={{ marginTop: 16 }}>
      <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
        {children}
      </Button>
    </Flex>
  );
}
