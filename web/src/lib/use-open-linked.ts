import * as React from 'react'
import { useSearchParams } from 'react-router'

/** The parts of a paged list query (useInfiniteQuery) that finding a linked item needs. */
type PagedList = {
  isSuccess: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * Opens the item named by the page's ?{param}=ID (a link from another page, e.g. a match card), loading
 * further pages of the list until it is found; the parameter is dropped once handled, so closing the
 * dialog stays closed.
 */
export function useOpenLinked<T extends { id: number }>(param: string, list: PagedList, all: T[], open: (item: T) => void) {
  const [params, setParams] = useSearchParams()
  const wanted = Number(params.get(param)) || 0
  const { isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } = list
  React.useEffect(() => {
    if (!wanted || !isSuccess || isFetchingNextPage) return
    const found = all.find((item) => item.id === wanted)
    if (!found && hasNextPage) {
      void fetchNextPage()
      return
    }
    if (found) open(found)
    setParams(
      (prev) => {
        prev.delete(param)
        return prev
      },
      { replace: true },
    )
  }, [param, wanted, isSuccess, isFetchingNextPage, hasNextPage, fetchNextPage, all, open, setParams])
}
