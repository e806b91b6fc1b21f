import Scheduling

/// Starts tasks on the concurrent pool out of their creation order, as the language allows: see
/// `Scheduling.JobSwapping`. Here so that a graded suite, which imports the kit, can use it.
///
/// A suite that checks an order turns swapping on in a child process, so that a task per
/// callback, which races to the main actor, is caught on every run instead of once in a while.
public typealias JobSwapping = Scheduling.JobSwapping
