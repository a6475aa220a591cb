import { useId, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Breadcrumb } from '../../components/ui/breadcrumb.tsx'
import { FramedImage } from '../../components/ui/image.tsx'
import { MissingPage } from '../../components/ui/list-state.tsx'
import { QuantityInput } from '../../components/ui/quantity-input.tsx'
import { ShareLinks } from '../../components/ui/share-links.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { FiveStars } from '../../components/ui/star-rating.tsx'
import { paths } from '../../config/paths.ts'
import { MAX_UNITS, MIN_UNITS, parseUnits } from '../../features/cart/cart-store.ts'
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx'
import { useFormat, useSettings } from '../../features/content/settings.tsx'
import { useProduct } from '../../features/shop/api/get-product.ts'
import { PRODUCT_DETAIL_IMAGE, ProductCard } from '../../features/shop/components/product-card.tsx'
import { VariantPicker } from '../../features/shop/components/variant-picker.tsx'
import { isMissingAnswer } from '../../lib/api-error.ts'
import { readId } from '../list-params.ts'
import { usePageTitle } from '../use-page-title.ts'
import { useOrigin } from '../../lib/use-origin.ts'

/**
 * A product (spec 1 §2): image (530x480, the main logo when it has none), name, the fixed five
 * stars, gross price, its sizes or colours when it has them (one must be chosen before Add to
 * cart), quantity (1 to 1000) with Add to cart, share links, the HTML detail, and the popular
 * products.
 */
export function ProductPage() {
  const { t } = useTranslation()
  const id = readId(useParams().id)
  const { data, isPending, isError, error, refetch } = useProduct(id ?? 0)
  usePageTitle(data?.data.name ?? (id === null || isError ? t('product.notFoundTitle') : undefined))

  if (id === null || (isError && isMissingAnswer(error))) {
    return <Missing />
  }
  if (isPending) return <ProductSkeleton />
  if (isError) {
    return (
      <div className="container list-state list-state--page">
        <p>{t('product.error')}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    )
  }
  return <ProductView key={data.data.id} product={data.data} popular={data.popular} />
}

function ProductView({
  product,
  popular,
}: {
  product: NonNullable<ReturnType<typeof useProduct>['data']>['data']
  popular: NonNullable<ReturnType<typeof useProduct>['data']>['popular']
}) {
  const { t } = useTranslation()
  const { mainlogo } = useSettings()
  const format = useFormat()
  const quantityId = useId()
  const hintId = useId()
  const [units, setUnits] = useState(1)
  const [variantId, setVariantId] = useState<number | null>(null)
  const variant = product.variants.find((v) => v.id === variantId) ?? null
  const needsVariant = product.variants.length > 0
  const url = `${useOrigin()}${paths.product.to(product.id)}`
  const others = popular.filter((p) => p.id !== product.id).slice(0, 4)

  return (
    <article className="detail-page">
      <div className="container">
        <Breadcrumb
          trail={[
            { label: t('common.home'), to: paths.home },
            { label: t('shop.title'), to: paths.shop },
          ]}
          current={product.name}
        />

        <div className="product-detail">
          <FramedImage
            className="product-detail__image"
            src={product.detailImage || product.logo}
            fallback={mainlogo}
            alt={product.name}
            {...PRODUCT_DETAIL_IMAGE}
            priority
            sizes="(min-width: 992px) 530px, 100vw"
          />
          <div className="product-detail__info">
            <h1 className="product-detail__name">{product.name}</h1>
            <FiveStars />
            <p className="product-detail__price">
              {format.currency(product.grossPrice)}
              <span className="product-detail__tax">{t('product.taxIncluded')}</span>
            </p>
            {product.description && <p className="product-detail__lead">{product.description}</p>}

            {needsVariant && (
              <VariantPicker
                variants={product.variants}
                value={variantId}
                onChange={(v) => setVariantId(v.id)}
              />
            )}

            <div className="product-detail__buy">
              <div className="field product-detail__quantity">
                <label htmlFor={quantityId}>{t('product.quantity')}</label>
                <QuantityInput
                  id={quantityId}
                  value={units}
                  min={MIN_UNITS}
                  max={MAX_UNITS}
                  parse={parseUnits}
                  onValueChange={setUnits}
                  disabled={(variant ?? product).hasStock === false}
                />
              </div>
              <AddToCartButton
                product={product}
                units={units}
                variant={variant}
                needsVariant={needsVariant}
                describedBy={needsVariant && !variant ? hintId : undefined}
                size="large"
              />
              {needsVariant && !variant && product.hasStock && (
                <p id={hintId} className="product-detail__hint">
                  {t('product.chooseVariant', { group: (product.variants[0]?.group ?? '').toLowerCase() })}
                </p>
              )}
            </div>

            <ShareLinks url={url} title={product.name} label={t('share.title')} />
          </div>
        </div>

        {product.detail && (
          <section className="detail-section" aria-labelledby="product-detail-title">
            <h2 id="product-detail-title" className="section__title">
              {t('product.details')}
            </h2>
            {/* Sanitised by the server when stored and when served. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: product.detail }} />
          </section>
        )}
      </div>

      {others.length > 0 && (
        <section className="section section--muted" aria-labelledby="product-popular">
          <div className="container">
            <h2 id="product-popular" className="section__title">
              {t('shop.popular')}
            </h2>
            <ul className="product-grid product-grid--four">
              {others.map((item) => (
                <li key={item.id}>
                  <ProductCard product={item} action={<AddToCartButton product={item} />} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </article>
  )
}

function Missing() {
  const { t } = useTranslation()
  return (
    <MissingPage
      title={t('product.notFoundTitle')}
      message={t('product.notFound')}
      back={{ label: t('product.backToShop'), to: paths.shop }}
    />
  )
}

function ProductSkeleton() {
  const { t } = useTranslation()
  return (
    <div className="detail-page container" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className="product-detail">
        <span
          className="framed-image product-detail__image"
          style={{ '--ratio': '530 / 480' } as CSSProperties}
        />
        <div className="product-detail__info">
          <Skeleton width="70%" height="2rem" />
          <Skeleton width="30%" height="1.5rem" />
          <Skeleton width="100%" />
          <Skeleton width="90%" />
          <Skeleton width="50%" height="3rem" />
        </div>
      </div>
    </div>
  )
}
