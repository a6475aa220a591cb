import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { loginRequiredPatterns, paths } from '../config/paths.ts'
import { useSettings } from '../features/content/settings.tsx'
import { AppLayout } from './layout/app-layout.tsx'
import { RequireLogin } from './require-login.tsx'

// Every page is its own chunk; the server preloads the chunk of the page it serves (build manifest).
const HomePage = lazy(() => import('./routes/home-page.tsx').then((m) => ({ default: m.HomePage })))
const LegalPage = lazy(() => import('./routes/legal-page.tsx').then((m) => ({ default: m.LegalPage })))
const NotFoundPage = lazy(() =>
  import('./routes/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
)
const ShopPage = lazy(() => import('./routes/shop-page.tsx').then((m) => ({ default: m.ShopPage })))
const ProductPage = lazy(() => import('./routes/product-page.tsx').then((m) => ({ default: m.ProductPage })))
const BlogPage = lazy(() => import('./routes/blog-page.tsx').then((m) => ({ default: m.BlogPage })))
const PostPage = lazy(() => import('./routes/post-page.tsx').then((m) => ({ default: m.PostPage })))
const ActivityPage = lazy(() =>
  import('./routes/activity-page.tsx').then((m) => ({ default: m.ActivityPage })),
)
const PaymentResultPage = lazy(() =>
  import('./routes/payment-result-page.tsx').then((m) => ({ default: m.PaymentResultPage })),
)
const StripeReturnPage = lazy(() =>
  import('./routes/payment-return-page.tsx').then((m) => ({ default: m.StripeReturnPage })),
)
const NetPayReturnPage = lazy(() =>
  import('./routes/payment-return-page.tsx').then((m) => ({ default: m.NetPayReturnPage })),
)
const ActivatePage = lazy(() =>
  import('./routes/activate-page.tsx').then((m) => ({ default: m.ActivatePage })),
)
const ConfirmEmailPage = lazy(() =>
  import('./routes/confirm-email-page.tsx').then((m) => ({ default: m.ConfirmEmailPage })),
)
const ResetPasswordPage = lazy(() =>
  import('./routes/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
)
const PasswordChangedPage = lazy(() =>
  import('./routes/password-changed-page.tsx').then((m) => ({ default: m.PasswordChangedPage })),
)
const ChangePasswordPage = lazy(() =>
  import('./routes/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })),
)
const AccountPage = lazy(() => import('./routes/account-page.tsx').then((m) => ({ default: m.AccountPage })))
const OrdersPage = lazy(() => import('./routes/orders-page.tsx').then((m) => ({ default: m.OrdersPage })))
const OrderPage = lazy(() => import('./routes/order-page.tsx').then((m) => ({ default: m.OrderPage })))
const VouchersPage = lazy(() =>
  import('./routes/vouchers-page.tsx').then((m) => ({ default: m.VouchersPage })),
)
const CommsPage = lazy(() => import('./routes/comms-page.tsx').then((m) => ({ default: m.CommsPage })))
const EmailPage = lazy(() => import('./routes/email-page.tsx').then((m) => ({ default: m.EmailPage })))
const BookingTypesPage = lazy(() =>
  import('./routes/booking-types-page.tsx').then((m) => ({ default: m.BookingTypesPage })),
)
const BookingsPage = lazy(() =>
  import('./routes/bookings-page.tsx').then((m) => ({ default: m.BookingsPage })),
)
const BookingsByPlacePage = lazy(() =>
  import('./routes/bookings-by-place-page.tsx').then((m) => ({ default: m.BookingsByPlacePage })),
)
const BookingVisualPage = lazy(() =>
  import('./routes/booking-visual-page.tsx').then((m) => ({ default: m.BookingVisualPage })),
)
const CustomerBookingsPage = lazy(() =>
  import('./routes/customer-bookings-page.tsx').then((m) => ({ default: m.CustomerBookingsPage })),
)
const CheckoutPage = lazy(() =>
  import('./routes/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })),
)
const DebtsPage = lazy(() => import('./routes/debts-page.tsx').then((m) => ({ default: m.DebtsPage })))
const DemoMailboxPage = lazy(() =>
  import('./routes/demo-mailbox-page.tsx').then((m) => ({ default: m.DemoMailboxPage })),
)
// The staff desk (issue 23): chunks of its own, which no page of the site loads.
const StaffApp = lazy(() => import('../staff/staff-app.tsx').then((m) => ({ default: m.StaffApp })))

// Login-required pages of later features keep the guard and show the not-found page until they exist.
const builtGuardedPatterns: readonly string[] = [
  paths.changePassword,
  paths.account,
  paths.customerOrders,
  paths.customerOrder.pattern,
  paths.customerVouchers,
  paths.customerBookings,
  paths.customerComms,
  paths.customerEmail.pattern,
  paths.debts,
  paths.bookingVisual.pattern,
]
const laterGuardedPatterns = loginRequiredPatterns.filter(
  (pattern) => !builtGuardedPatterns.includes(pattern),
)

/** The site's routes, as the spec's route tables list them. */
export function AppRoutes() {
  // The shop is offered only to centres with one (spec 1 §1).
  const { hasShop } = useSettings()
  return (
    <Routes>
      {/* The splat takes /staff itself too. */}
      <Route
        path={paths.staffPages.pattern}
        element={
          <Suspense fallback={null}>
            <StaffApp />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        {hasShop && <Route path={paths.shop} element={<ShopPage />} />}
        {hasShop && <Route path={paths.product.pattern} element={<ProductPage />} />}
        <Route path={paths.blog} element={<BlogPage />} />
        <Route path={paths.post.pattern} element={<PostPage />} />
        <Route path={paths.activity.pattern} element={<ActivityPage />} />
        <Route path={paths.privacy} element={<LegalPage textKey="privacyPolicyFull" />} />
        <Route path={paths.wayver} element={<LegalPage textKey="wayver" />} />
        <Route path={paths.generalConditions} element={<LegalPage textKey="generalConditions" />} />
        <Route path={paths.cookies} element={<LegalPage textKey="cookiesPolicy" />} />
        <Route path={paths.paymentOk} element={<PaymentResultPage outcome="ok" />} />
        <Route path={paths.paymentKo} element={<PaymentResultPage outcome="ko" />} />
        <Route path={paths.stripeCallback} element={<StripeReturnPage />} />
        <Route path={paths.netpayCallback} element={<NetPayReturnPage />} />
        <Route path={paths.activate.pattern} element={<ActivatePage />} />
        <Route path={paths.confirmEmail.pattern} element={<ConfirmEmailPage />} />
        <Route path={paths.resetPassword.pattern} element={<ResetPasswordPage />} />
        <Route path={paths.passwordChanged} element={<PasswordChangedPage />} />
        <Route path={paths.demoMailbox} element={<DemoMailboxPage />} />
        <Route path={paths.bookingTypes} element={<BookingTypesPage />} />
        <Route path={paths.bookingsByType.pattern} element={<BookingsPage />} />
        <Route path={paths.bookingsByPlace.pattern} element={<BookingsByPlacePage />} />
        <Route path={paths.checkout} element={<CheckoutPage />} />
        <Route element={<RequireLogin />}>
          <Route path={paths.changePassword} element={<ChangePasswordPage />} />
          <Route path={paths.account} element={<AccountPage />} />
          <Route path={paths.customerOrders} element={<OrdersPage />} />
          <Route path={paths.customerOrder.pattern} element={<OrderPage />} />
          <Route path={paths.customerVouchers} element={<VouchersPage />} />
          <Route path={paths.customerBookings} element={<CustomerBookingsPage />} />
          <Route path={paths.customerComms} element={<CommsPage />} />
          <Route path={paths.customerEmail.pattern} element={<EmailPage />} />
          <Route path={paths.debts} element={<DebtsPage />} />
          <Route path={paths.bookingVisual.pattern} element={<BookingVisualPage />} />
          {laterGuardedPatterns.map((pattern) => (
            <Route key={pattern} path={pattern} element={<NotFoundPage />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
