/* placeholder: being written */
typedef int placeholder_h5out;
